# syntax=docker/dockerfile:1
# The veil container image: veil on a slim Debian with only its run-time libraries.
#
#   docker build -t veil .
#   docker run --rm -v "$PWD:/src" -w /src veil audit .
#
# Two stages. The first builds the release archive with the Swift image (Scripts/package-release:
# the Swift runtime and Foundation linked in, readelf-checked to need nothing but the libraries
# below); the second unpacks it into /opt/veil on debian:bookworm-slim, where no toolchain is.
# The run stage holds libpng and zlib (always needed), libdeflate (smaller PNGs), and giflib,
# libwebp, libjpeg and Tesseract with its English data, which veil opens only for GIF, WebP,
# JPEG and OCR, so that `veil audit` reads every format in the image
# (Scripts/release/image-packages). Docs/install.md
# has its size, estimated without a Docker engine by Scripts/estimate-image, and how it is
# checked (Scripts/check-image, in the release workflow).
ARG SWIFT_VERSION=6.3
ARG DEBIAN_RELEASE=bookworm

FROM swift:${SWIFT_VERSION}-${DEBIAN_RELEASE} AS build
# libpng-dev, libyaml-dev (its header only) and pkg-config to build; binutils (readelf), python3 and libicu-dev (the licence
# text of ICU, which Foundation links in) for Scripts/package-release.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends libpng-dev libyaml-dev pkg-config binutils python3 libicu-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /veil
COPY . .
# The archive's timestamps (the release workflow passes the tagged commit's time).
ARG SOURCE_DATE_EPOCH=0
RUN SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH} Scripts/package-release /dist \
    && mkdir /opt/veil \
    && tar -xzf /dist/veil-*-linux-*.tar.gz -C /opt/veil --strip-components=1

FROM debian:${DEBIAN_RELEASE}-slim
# The packages listed in Scripts/release/image-packages (read through a bind mount: no layer).
RUN --mount=type=bind,source=Scripts/release/image-packages,target=/tmp/image-packages \
    export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && grep -v '^#' /tmp/image-packages | xargs apt-get install -y -q --no-install-recommends \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/veil /opt/veil
RUN ln -s /opt/veil/bin/veil /usr/local/bin/veil && veil --version
LABEL org.opencontainers.image.title="veil" \
      org.opencontainers.image.description="Redacted snapshots of terminal screens, and a CI audit for secrets a snapshot would show"
WORKDIR /src
ENTRYPOINT ["veil"]
CMD ["--help"]
