// Every served route has a bad-input entry in exactly one shard; odd hosts and paths. One engine only: see docs/testing.md.
import { routeTableCases } from '../../testing/bad-input/harness.ts';

routeTableCases();
