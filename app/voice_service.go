package app

// VoiceService runs the voice & tone check and edits the guidelines.
type VoiceService struct{ c *core }
