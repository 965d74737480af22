// The fragment parameters are shared with the server (its /search?q= answer): src/contracts/fragment.ts.
export { buildFragment, parseFragment } from '../../contracts/fragment';
