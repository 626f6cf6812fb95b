import * as Eval from '../../wailsjs/go/app/EvalService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type MetricThreshold = app.MetricThresholdDTO;

export const evals = {
  defaultThresholds: () => call('Eval.DefaultThresholds', () => Eval.DefaultThresholds()),
};
