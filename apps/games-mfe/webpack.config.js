const { remoteConfig } = require('../../tools/webpack/remote.config');

module.exports = remoteConfig({ appName: 'games-mfe', federationName: 'games' });
