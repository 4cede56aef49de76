// The refusal of a backup folder where a backup could be served or mix with the application or the
// system (issue 30 line 3), in the three languages. en.ts, cn.ts and bm.ts spread theirs into `validation`.

export const backupFolderEn = {
  folderNotAllowed: 'A backup cannot be kept in this folder: it is the web app, the application, its database or a system folder. Choose a folder of its own.',
};

export const backupFolderCn: typeof backupFolderEn = {
  folderNotAllowed: '备份不能保存在此文件夹：它是网页程序、应用程序、其数据库或系统文件夹。请选择一个专用文件夹。',
};

export const backupFolderBm: typeof backupFolderEn = {
  folderNotAllowed: 'Sandaran tidak boleh disimpan dalam folder ini: ia folder aplikasi web, aplikasi, pangkalan datanya atau folder sistem. Pilih folder khas untuknya.',
};
