/** Background colours of generated avatars, picked by a hash of the name. */
const PALETTE = [
  '#1e88e5',
  '#43a047',
  '#e53935',
  '#8e24aa',
  '#fb8c00',
  '#00897b',
  '#3949ab',
  '#6d4c41',
  '#d81b60',
  '#546e7a',
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Up to two initials from a slug: `blue-harbor` → `BH`. */
function initials(name: string): string {
  const words = name.split(/[-_.]+/).filter((word) => word !== '');
  const letters = words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2);
  return letters.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A square SVG avatar with the name's initials; the name is a slug, so it needs no escaping. */
export function avatarSvg(name: string): string {
  const colour = PALETTE[hash(name.toLowerCase()) % PALETTE.length];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<rect width="96" height="96" rx="12" fill="${colour}"/>` +
    '<text x="48" y="60" font-family="sans-serif" font-size="38" font-weight="600" fill="#fff" text-anchor="middle">' +
    `${initials(name)}</text></svg>`
  );
}
