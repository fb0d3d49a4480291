// Images and fonts are separate files in the bundle (webpack asset/resource): an import is the
// file's URL. In tests it is the file's name, so a test can tell which file was imported.
const { basename } = require('node:path');

module.exports = {
  process(_source, filename) {
    return { code: `module.exports = ${JSON.stringify(basename(filename))};` };
  },
};
