/**
 * The heading and summary of each user page, by the page's path. The pages show them, and
 * the board sends them in the page's first HTML so they are on screen before the app has
 * started (the app's first screen, see docs/architecture.md#the-app).
 */
export interface PageHeading {
  readonly title: string;
  readonly summary: string;
}

export const PAGE_HEADINGS = {
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
} as const satisfies Record<string, PageHeading>;
