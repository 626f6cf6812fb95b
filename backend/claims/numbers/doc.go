// Package numbers finds quantities in English text (numbers written as digits or words, money, percentages, durations normalised to days, dates, times of day) so that claims can be compared slot by slot.
package numbers
