// The games remote's first screens (src/fragments.tsx): the same code and aliases as webpack.config.js,
// built for Node and run right after the browser build (project.json's build).
const { remoteFragmentsConfig } = require('../../tools/webpack/base.config');

module.exports = remoteFragmentsConfig({ appName: 'games-mfe', federationName: 'games' });
