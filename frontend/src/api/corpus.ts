import * as Corpus from '../../wailsjs/go/app/CorpusService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type WorkspaceSummary = app.WorkspaceDTO;

export const corpus = {
  summary: () => call('Corpus.Summary', () => Corpus.Summary()),
  chooseFolder: () => call('Corpus.ChooseFolder', () => Corpus.ChooseFolder()),
};
