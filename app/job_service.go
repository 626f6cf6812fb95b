package app

// JobService lists and cancels background jobs.
type JobService struct{ c *core }

// Cancel stops a running job; its end arrives on the job:done channel.
func (s *JobService) Cancel(jobID string) error {
	s.c.ready()
	return s.c.jobs.cancelJob(jobID)
}

// Running lists the running jobs' IDs.
func (s *JobService) Running() []string {
	s.c.ready()
	return s.c.jobs.running()
}
