# The static headless CLI and its offline models on Debian 12, for CI jobs
# (check --changed on pull requests, eval --gate at night). It copies what
# the Makefile built, so the image needs no Go, Node or network for models:
#
#   make cli models-archive
#   docker build -t continuity .
#   docker run --rm -v "$PWD:/work" continuity --corpus . check --changed --base origin/main
FROM debian:12-slim

# git: check --changed asks git what changed. ca-certificates: https to an
# LLM endpoint or a sitemap source. The checkout a CI job mounts belongs to
# another user, which git refuses without safe.directory.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && git config --system --add safe.directory '*'

COPY build/bin/continuity /usr/local/bin/continuity

# models install checks the archive against dist/SHA256SUMS and every file
# against the archive's own SHA256SUMS before anything is put in place.
COPY dist/continuity-models.tar.gz dist/SHA256SUMS /tmp/models/
RUN continuity --data /opt/continuity models install /tmp/models/continuity-models.tar.gz \
 && rm -rf /tmp/models

# The only place looked in, so the models are found whatever HOME or --data
# a job uses; `continuity version` prints their hashes.
ENV CONTINUITY_MODELS=/opt/continuity/models
WORKDIR /work
ENTRYPOINT ["continuity"]
CMD ["help"]
