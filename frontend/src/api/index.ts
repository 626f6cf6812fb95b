// The only module that imports the generated bindings.
import * as Corpus from '../../wailsjs/go/app/CorpusService';
import * as Check from '../../wailsjs/go/app/CheckService';
import * as Golden from '../../wailsjs/go/app/GoldenService';
import * as Eval from '../../wailsjs/go/app/EvalService';
import * as Settings from '../../wailsjs/go/app/SettingsService';
import * as Jobs from '../../wailsjs/go/app/JobService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type WorkspaceSummary = app.WorkspaceDTO;
export type SettingsData = app.SettingsDTO;
export type KeyStatus = app.KeyStatusDTO;
export type GoldenStatus = app.GoldenStatusDTO;
export type MetricThreshold = app.MetricThresholdDTO;
export { ApiError } from './call';

export const api = {
  corpus: {
    summary: () => call('Corpus.Summary', () => Corpus.Summary()),
    chooseFolder: () => call('Corpus.ChooseFolder', () => Corpus.ChooseFolder()),
  },
  check: {
    listDrafts: () => call('Check.ListDrafts', () => Check.ListDrafts()),
    readDraft: (name: string) => call('Check.ReadDraft', () => Check.ReadDraft(name)),
  },
  golden: {
    workspaceFile: () => call('Golden.WorkspaceFile', () => Golden.WorkspaceFile()),
  },
  eval: {
    defaultThresholds: () => call('Eval.DefaultThresholds', () => Eval.DefaultThresholds()),
  },
  settings: {
    get: () => call('Settings.Get', () => Settings.Get()),
    save: (s: SettingsData) => call('Settings.Save', () => Settings.Save(s)),
    keyStatus: () => call('Settings.KeyStatus', () => Settings.KeyStatus()),
    setApiKey: (k: string) => call('Settings.SetAPIKey', () => Settings.SetAPIKey(k)),
    clearApiKey: () => call('Settings.ClearAPIKey', () => Settings.ClearAPIKey()),
  },
  jobs: {
    cancel: (id: string) => call('Jobs.Cancel', () => Jobs.Cancel(id)),
    running: () => call('Jobs.Running', () => Jobs.Running()),
  },
};
