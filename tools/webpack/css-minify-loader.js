// Minifies our own CSS before css-loader turns it into JS (style-loader ships it inside the
// bundle, so every byte counts against the first-load budget). Conservative: comments and
// whitespace only; strings and url() are left as they are.
module.exports = function cssMinifyLoader(source) {
  const parts = source.split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|url\([^)]*\))/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part; // a string or url(): keep
      return (
        part
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          // not around + or - (calc() needs them) and not around ':' ("a :hover" differs from "a:hover")
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/;}/g, '}')
      );
    })
    .join('')
    .trim();
};
