/** SVG files are imported as their text (the build's `.svg` loader is `text`). */
declare module '*.svg' {
  const svg: string;
  export default svg;
}
