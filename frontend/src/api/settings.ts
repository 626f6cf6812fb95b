import * as Settings from '../../wailsjs/go/app/SettingsService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type SettingsData = app.SettingsDTO;
export type KeyStatus = app.KeyStatusDTO;
export type ConnectionTest = app.ConnectionTestDTO;
export type ModelPrice = app.ModelPriceDTO;

export const settings = {
  get: () => call('Settings.Get', () => Settings.Get()),
  save: (s: SettingsData) => call('Settings.Save', () => Settings.Save(s)),
  keyStatus: () => call('Settings.KeyStatus', () => Settings.KeyStatus()),
  setApiKey: (k: string) => call('Settings.SetAPIKey', () => Settings.SetAPIKey(k)),
  clearApiKey: () => call('Settings.ClearAPIKey', () => Settings.ClearAPIKey()),
  testConnection: () => call('Settings.TestConnection', () => Settings.TestConnection()),
  prices: () => call('Settings.Prices', () => Settings.Prices()),
  savePrices: (rows: ModelPrice[]) => call('Settings.SavePrices', () => Settings.SavePrices(rows)),
};
