package session

import (
	"context"
	"fmt"
	"sync"

	"continuity/backend/embed/uselite"
	"continuity/backend/models"
)

// lazyUSELite is USE-lite named when a session opens and read on its first
// Embed: opening an index needs only the model's name (its file hash), and
// a search whose query vector the shared cache holds, or a check whose
// claims it holds, needs no encoder at all. Reading and compiling the model
// was most of a one-query CLI search.
type lazyUSELite struct {
	loc  models.Location
	name string
	once sync.Once
	enc  *uselite.Encoder
	err  error
}

func newLazyUSELite(loc models.Location) (*lazyUSELite, error) {
	name, err := useliteName(loc)
	if err != nil {
		return nil, err
	}
	return &lazyUSELite{loc: loc, name: name}, nil
}

func (l *lazyUSELite) Name() string  { return l.name }
func (l *lazyUSELite) Model() string { return l.name }
func (l *lazyUSELite) Dims() int     { return uselite.Dimensions }

func (l *lazyUSELite) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	l.once.Do(func() {
		l.enc, l.err = loadUSELite(l.loc, l.name)
		if l.err == nil && l.enc.Name() != l.name {
			// the files changed between opening the session and this first use:
			// vectors of the new files must not be stored under the old name
			l.err = fmt.Errorf("USE-lite in %s changed since the session opened (%s, now %s): start again", l.loc.Path, l.name, l.enc.Name())
		}
	})
	if l.err != nil {
		return nil, fmt.Errorf("offline model USE-lite: %w", l.err)
	}
	return l.enc.Embed(ctx, texts)
}

// useliteName is the model's name, from the encoder this process already
// read from the folder when its files are unchanged, else hashed from them.
func useliteName(loc models.Location) (string, error) {
	listing, ok := listingOf(loc.FS)
	if ok {
		loaded.Lock()
		m := loaded.by[loc.Path]
		name := loaded.names[loc.Path+"\x00"+listing]
		loaded.Unlock()
		if m != nil && m.listing == listing && m.enc != nil {
			return m.enc.Name(), nil
		}
		if name != "" {
			return name, nil
		}
	}
	name, err := uselite.NameFS(loc.FS, loc.Path)
	if err != nil {
		return "", err
	}
	if ok {
		loaded.Lock()
		if loaded.names == nil {
			loaded.names = map[string]string{}
		}
		loaded.names[loc.Path+"\x00"+listing] = name
		loaded.Unlock()
	}
	return name, nil
}
