// The remote's only door: ./Module renders the feature library.
import { GamesApp } from '@cosmic/web-feature-games';

export default GamesApp;
