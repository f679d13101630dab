// Every workload of the suite, in report order.
import type { Workload } from '../harness/workload.js';
import { mappingCpu } from './mapping-cpu.js';
import { pointGets, pointGetsGc, pointGetsShapes } from './point-gets.js';
import { prefixScan, prefixScanGc, prefixScanShapes } from './prefix-scan.js';
import { saveMany } from './save-many.js';
import { sequentialSaves } from './sequential-saves.js';
import { streamingScan } from './streaming-scan.js';
import { tracedPointGetsNoop, tracedPointGetsSdk } from './traced-point-gets.js';

export const WORKLOADS: readonly Workload[] = [
  pointGets,
  tracedPointGetsNoop,
  tracedPointGetsSdk,
  pointGetsGc,
  ...pointGetsShapes,
  sequentialSaves,
  prefixScan,
  prefixScanGc,
  ...prefixScanShapes,
  saveMany,
  mappingCpu,
  streamingScan,
];
