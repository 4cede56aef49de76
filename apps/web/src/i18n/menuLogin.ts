// Texts of menus and the login form (issue 29 lines 10 and 12), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `menuLogin`.

export const menuLoginEn = {
  // Menu labels of their own where a screen's title is too long for the menu's width.
  menu: {
    runMapAsCompany: 'Run Map as Company',
    eatDetail: 'Agent Eat Detail',
  },
  // Empty lists say what to do next.
  empty: {
    distribution: 'No bets were posted for {{date}}. What a company does not eat waits on the Unpost page: post it there (or let automatic posting do it), then distribute it here.',
    toUnpost: 'Go to Unpost',
    apiLogIn: 'No call by an API account matches these dates and filters. Widen the dates or clear a filter. An account’s calls are listed here once it has an API account and uses it.',
    toApiAccount: 'Set up an API account',
    apiLogOut: 'No call made by this server matches these dates and filters. Widen the dates or clear a filter. Its calls out (result sites, companies’ seamless wallets, remote bet agents, the SMS gateway) are listed here as they are made.',
    toAdminTool: 'Open the Admin Tool',
    jobs: 'No job has run yet. Pick a job above and press Run; the scheduled jobs are listed here too as they run.',
    backups: 'No backup yet. Run “Backup now” above for one at once; the daily backup runs at the time set in System Setting.',
    toSystemSetting: 'Open System Setting',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type MenuLogin = DeepStrings<typeof menuLoginEn>;

export const menuLoginCn: MenuLogin = {
  menu: {
    runMapAsCompany: '公司走飞报表',
    eatDetail: '代理吃货明细',
  },
  empty: {
    distribution: '{{date}} 没有过账的注单。公司未吃的部分在“未走飞”页等待：在那里过账（或由自动走飞过账），再回到这里分配。',
    toUnpost: '前往未走飞',
    apiLogIn: '没有符合这些日期和条件的 API 账户调用。请放宽日期或清除条件。账户有了 API 账户并开始调用后，其调用会列在这里。',
    toApiAccount: '设置 API 账户',
    apiLogOut: '没有符合这些日期和条件的本服务器对外调用。请放宽日期或清除条件。对外调用（成绩网站、公司的无缝钱包、远程投注代理、短信网关）发生时会列在这里。',
    toAdminTool: '打开管理工具',
    jobs: '尚未执行任何任务。在上方选择任务并点击“执行”；定时任务执行时也会列在这里。',
    backups: '尚无备份。在上方执行“立即备份”即可马上备份；每日备份在系统设置中设定的时间执行。',
    toSystemSetting: '打开系统设置',
  },
};

export const menuLoginBm: MenuLogin = {
  menu: {
    runMapAsCompany: 'Peta Larian Syarikat',
    eatDetail: 'Butiran Makan Ejen',
  },
  empty: {
    distribution: 'Tiada pertaruhan dipos untuk {{date}}. Bahagian yang tidak dimakan syarikat menunggu di halaman Belum Dipos: pos di sana (atau biarkan pengeposan automatik melakukannya), kemudian agihkan di sini.',
    toUnpost: 'Pergi ke Belum Dipos',
    apiLogIn: 'Tiada panggilan akaun API yang sepadan dengan tarikh dan penapis ini. Luaskan tarikh atau kosongkan penapis. Panggilan sesuatu akaun disenaraikan di sini setelah ia mempunyai akaun API dan menggunakannya.',
    toApiAccount: 'Sediakan akaun API',
    apiLogOut: 'Tiada panggilan oleh pelayan ini yang sepadan dengan tarikh dan penapis ini. Luaskan tarikh atau kosongkan penapis. Panggilan keluarnya (laman keputusan, dompet seamless syarikat, ejen pertaruhan jauh, gerbang SMS) disenaraikan di sini apabila dibuat.',
    toAdminTool: 'Buka Alat Pentadbir',
    jobs: 'Belum ada tugas dijalankan. Pilih tugas di atas dan tekan Jalankan; tugas berjadual juga disenaraikan di sini apabila dijalankan.',
    backups: 'Belum ada sandaran. Jalankan “Sandarkan sekarang” di atas untuk sandaran segera; sandaran harian berjalan pada masa yang ditetapkan dalam Tetapan Sistem.',
    toSystemSetting: 'Buka Tetapan Sistem',
  },
};
