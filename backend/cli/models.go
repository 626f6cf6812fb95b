package cli

import (
	"context"
	"fmt"
	"os"

	"continuity/backend/models"
)

func modelsCommand() *Command {
	return &Command{
		Name:    "models",
		Args:    "[list | install [DIR|ARCHIVE]]",
		Summary: "list the offline models, or install them into the data dir",
		Help: `models (or models list) prints, for each offline model (USE-lite, GloVe, WordNet),
where it is found and its sha256, as status and version do.

models install [DIR|ARCHIVE] copies the models into <data dir>/models, where every
later run finds them, from whichever folder it runs in. The source is a models
folder laid out like models/ (use-lite/, glove/, wordnet/; what ` + "`make models`" + ` fills)
or one packed as .tar.gz, .tgz or .zip (` + "`make models-archive`" + ` makes
dist/continuity-models.tar.gz), optionally inside one top folder. Default: models/
of the source tree the working directory is in, else the models compiled into
this binary. Every file must match the SHA256SUMS at the source's root (else the
model folder's own); an archive listed in a SHA256SUMS beside it must match it
too. Nothing is replaced until a model's files are all verified, and each model
is swapped in by one rename. Models the source lacks are left as they were.
--json prints {"source","dir","archive_sha256","archive_verified",
"installed":[{"model","path","sha256","files"}],"absent":[...]}.`,
		Run: runModels,
	}
}

func runModels(_ context.Context, env *Env, args []string) error {
	switch {
	case len(args) == 0 || (args[0] == "list" && len(args) == 1):
		locs := models.Describe(env.dataDir())
		if env.JSON {
			return env.WriteJSON(locs)
		}
		writeModels(env.Stdout, locs)
		return nil
	case args[0] == "install" && len(args) <= 2:
		return installModels(env, args[1:])
	}
	return Usagef("models takes list or install [DIR|ARCHIVE]")
}

func installModels(env *Env, args []string) error {
	data := env.dataDir()
	if data == "" {
		return Usagef("models install: no data dir; pass --data DIR")
	}
	var rep models.InstallReport
	var err error
	switch src, embedded := defaultModelSource(args); {
	case src != "":
		rep, err = models.Install(data, src)
	case embedded:
		rep, err = models.InstallFS(data, models.Embedded(), models.FromEmbedded)
	default:
		return Usagef("models install needs a models folder or an archive (no models/ in a source tree here, and this build has none compiled in)")
	}
	if err != nil {
		return err
	}
	if env.JSON {
		if err := env.WriteJSON(rep); err != nil {
			return err
		}
	} else {
		writeInstalled(env, rep)
	}
	// a model found first elsewhere would still be the one used: say so
	for _, in := range rep.Installed {
		loc, err := models.Locate(data, modelRel(in.Model))
		switch {
		case err != nil:
			fmt.Fprintf(env.Stderr, "note: runs here still do not find %s: %v\n", in.Model, err)
		case loc.Path != in.Path:
			fmt.Fprintf(env.Stderr, "note: runs here use %s from %s %s, which comes before the data dir\n", in.Model, fromLabel[loc.From], loc.Path)
		}
	}
	return nil
}

// defaultModelSource is the DIR or ARCHIVE argument, else the source
// tree's models/ when it exists, else whether the binary has models.
func defaultModelSource(args []string) (string, bool) {
	if len(args) == 1 {
		return args[0], false
	}
	if dir, ok := models.SourceTree(); ok {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir, false
		}
	}
	return "", models.Embedded() != nil
}

func writeInstalled(env *Env, rep models.InstallReport) {
	if rep.ArchiveSHA256 != "" {
		how := "no SHA256SUMS beside it listed it"
		if rep.ArchiveVerified {
			how = "matches the SHA256SUMS beside it"
		}
		fmt.Fprintf(env.Stdout, "archive    %s sha256 %s (%s)\n", rep.Source, rep.ArchiveSHA256, how)
	}
	for _, in := range rep.Installed {
		fmt.Fprintf(env.Stdout, "installed  %-8s sha256 %s, %d files verified, in %s\n", in.Model, in.SHA256, in.Files, in.Path)
	}
	for _, name := range rep.Absent {
		fmt.Fprintf(env.Stdout, "absent     %-8s not in %s; left as it was\n", name, rep.Source)
	}
}

// modelRel is the models constant of a model's Name.
func modelRel(name string) string {
	for _, rel := range models.All() {
		if models.Name(rel) == name {
			return rel
		}
	}
	return name
}
