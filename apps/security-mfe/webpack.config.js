const { remoteConfig } = require('../../tools/webpack/remote.config');

module.exports = remoteConfig({ appName: 'security-mfe', federationName: 'security' });
