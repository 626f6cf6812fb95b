//go:build !desktop && !dev && !bindings

package app

const desktopAvailable = false
