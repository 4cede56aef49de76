// Texts of the super admin's IT admins tab of Accounts (issue 30 line 1), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `itAdmins`.

export const itAdminsEn = {
  tab: 'IT Admins',
  intro: 'IT admins enter and release results beside you: a result one admin enters is released by another. They hold no credit, package or downline.',
  add: 'Add IT admin',
  addTitle: 'New IT admin',
  suspend: 'Suspend',
  activate: 'Activate',
  resetPassword: 'Reset password',
  resetTitle: 'New password for {{username}}',
  resetHint: 'Its sessions end; give it the new password.',
  newPassword: 'New password',
  none: 'No IT admin yet. Add one so that results can be released by a second admin.',
  created: 'IT admin {{username}} created.',
  reset: 'The password of {{username}} has been reset.',
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type ItAdmins = DeepStrings<typeof itAdminsEn>;

export const itAdminsCn: ItAdmins = {
  tab: 'IT 管理员',
  intro: 'IT 管理员与您一起录入和发布开奖结果：一位管理员录入的结果由另一位发布。他们没有信用额度、配套或下线。',
  add: '新增 IT 管理员',
  addTitle: '新 IT 管理员',
  suspend: '暂停',
  activate: '启用',
  resetPassword: '重设密码',
  resetTitle: '{{username}} 的新密码',
  resetHint: '其登录会话将结束；请把新密码交给对方。',
  newPassword: '新密码',
  none: '还没有 IT 管理员。请新增一位，以便由第二位管理员发布结果。',
  created: '已创建 IT 管理员 {{username}}。',
  reset: '{{username}} 的密码已重设。',
};

export const itAdminsBm: ItAdmins = {
  tab: 'Pentadbir IT',
  intro: 'Pentadbir IT memasukkan dan mengeluarkan keputusan bersama anda: keputusan yang dimasukkan oleh seorang pentadbir dikeluarkan oleh pentadbir lain. Mereka tiada kredit, pakej atau downline.',
  add: 'Tambah pentadbir IT',
  addTitle: 'Pentadbir IT baharu',
  suspend: 'Gantung',
  activate: 'Aktifkan',
  resetPassword: 'Tetapkan semula kata laluan',
  resetTitle: 'Kata laluan baharu untuk {{username}}',
  resetHint: 'Sesinya ditamatkan; berikan kata laluan baharu kepadanya.',
  newPassword: 'Kata laluan baharu',
  none: 'Belum ada pentadbir IT. Tambah seorang supaya keputusan dapat dikeluarkan oleh pentadbir kedua.',
  created: 'Pentadbir IT {{username}} telah dicipta.',
  reset: 'Kata laluan {{username}} telah ditetapkan semula.',
};
