import * as Voice from '../../wailsjs/go/app/VoiceService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type VoiceIssue = app.VoiceIssueDTO;
export type VoiceCheck = app.VoiceCheckDTO;
export type GuidelinesValidation = app.GuidelinesValidationDTO;
export type VoiceRules = app.VoiceRulesDTO;

// Voice & tone calls.
export const voice = {
  check: (text: string) => call('Voice.CheckVoice', () => Voice.CheckVoice(text)),
  getGuidelines: () => call('Voice.GetGuidelines', () => Voice.GetGuidelines()),
  validateGuidelines: (text: string) => call('Voice.ValidateGuidelines', () => Voice.ValidateGuidelines(text)),
  saveGuidelines: (text: string) => call('Voice.SaveGuidelines', () => Voice.SaveGuidelines(text)),
  getVoiceRules: () => call('Voice.GetVoiceRules', () => Voice.GetVoiceRules()),
};
