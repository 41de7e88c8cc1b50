// The launchers' build choice for ES module launchers; launcher.cjs holds it.
export { currentBuild } from './launcher.cjs';
