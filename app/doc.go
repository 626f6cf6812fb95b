// Package app is the Wails shell: the only package that imports Wails. It
// binds one service per feature, runs long work as cancellable jobs and
// reports progress as typed, throttled events. All logic lives in backend/.
package app
