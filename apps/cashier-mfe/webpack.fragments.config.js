// The cashier remote's first screen (src/fragments.tsx): the same code and aliases as webpack.config.js,
// built for Node and run right after the browser build (project.json's build).
const { remoteFragmentsConfig } = require('../../tools/webpack/base.config');

module.exports = remoteFragmentsConfig({ appName: 'cashier-mfe', federationName: 'cashier' });
