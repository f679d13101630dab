// Every workload of the suite, in report order.
import type { Workload } from '../harness/workload.js';
import { mappingCpu } from './mapping-cpu.js';
import { pointGets } from './point-gets.js';
import { prefixScan } from './prefix-scan.js';
import { saveMany } from './save-many.js';
import { sequentialSaves } from './sequential-saves.js';
import { streamingScan } from './streaming-scan.js';
import { tracedPointGetsNoop, tracedPointGetsSdk } from './traced-point-gets.js';

export const WORKLOADS: readonly Workload[] = [
  pointGets,
  tracedPointGetsNoop,
  tracedPointGetsSdk,
  sequentialSaves,
  prefixScan,
  saveMany,
  mappingCpu,
  streamingScan,
];
