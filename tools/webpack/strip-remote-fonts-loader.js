// Pera's and Defly's connect modals (@perawallet/connect, @blockshake/defly-connect) put
// `@import url("https://fonts.googleapis.com/...")` at the top of every stylesheet they inject:
// the casino's CSP (apps/api/src/app/http/content-security-policy.ts) refuses that origin, so each
// modal logged a CSP error per stylesheet. Removing the import at build time loads nothing from
// Google; the modals' own font stacks ("Inter", sans-serif) fall back to the system's sans-serif.
const GOOGLE_FONTS_IMPORT = /@import url\((?:\\?["'])?https:\/\/fonts\.googleapis\.com\/[^)]*\);(?:\\n)?/g;

module.exports = function stripRemoteFontsLoader(source) {
  return source.replace(GOOGLE_FONTS_IMPORT, '');
};
module.exports.GOOGLE_FONTS_IMPORT = GOOGLE_FONTS_IMPORT;
