export { DEMO_ACCOUNTS, seedDemo, seedDemoIfEmpty } from './db/seeders/demo.js';
