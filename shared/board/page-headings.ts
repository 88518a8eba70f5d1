/**
 * The heading and summary of each user page, by the page's path, in each language the
 * board speaks. The pages show them, and the board sends them in the page's first HTML
 * so they are on screen before the app has started (the app's first screen, see
 * docs/app.md#the-app). They live here rather than in the app's translation
 * files because the server writes them too; the type makes both languages complete.
 */
export interface PageHeading {
  readonly title: string;
  readonly summary: string;
}

export type PagePath = '' | 'tasks' | 'credits' | 'repos';

const EN = {
  '': {
    title: 'Dashboard',
    summary: "Each organization's repositories, open NPC issues and credit balance.",
  },
  tasks: {
    title: 'Task board',
    summary: 'Issues written by or assigned to NPCs, across the covered organizations.',
  },
  credits: {
    title: 'Credits monitor',
    summary: "Each organization's balance, how fast it is spent and when it runs out at that pace.",
  },
  repos: {
    title: 'Repository health',
    summary:
      'When each repository last saw a commit. No commit for over 7 days is marked quiet ' +
      '(yellow), over 30 days dormant (red). The last commits by a person and by an NPC are ' +
      'read from the last 31 days of commits.',
  },
} as const satisfies Record<PagePath, PageHeading>;

const ZH_CN = {
  '': {
    title: '仪表盘',
    summary: '各组织的仓库、进行中的 NPC 议题和积分余额。',
  },
  tasks: {
    title: '任务看板',
    summary: '所关注的各组织中由 NPC 创建或指派给 NPC 的议题。',
  },
  credits: {
    title: '积分监控',
    summary: '各组织的积分余额、消耗速度，以及按此速度何时用完。',
  },
  repos: {
    title: '仓库健康度',
    summary:
      '每个仓库最近一次提交的时间。超过 7 天没有提交标为沉寂（黄色），超过 30 天标为休眠（红色）。' +
      '人和 NPC 的最近提交取自最近 31 天的提交记录。',
  },
} as const satisfies Record<PagePath, PageHeading>;

export const PAGE_HEADINGS: Readonly<Record<'en' | 'zh-CN', Record<PagePath, PageHeading>>> = {
  en: EN,
  'zh-CN': ZH_CN,
};
