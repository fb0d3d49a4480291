const { remoteConfig } = require('../../tools/webpack/remote.config');

module.exports = remoteConfig({ appName: 'cashier-mfe', federationName: 'cashier' });
