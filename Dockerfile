# syntax=docker/dockerfile:1
# Builds the gateway (entrypoint) and the ingest command into one small
# static image. Used by docker-compose.yml; the mappings are embedded in the
# binaries, so the image needs no other file.

FROM golang:1.26 AS build
WORKDIR /src
# Dependencies first, so code changes reuse the module cache layer.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ENV CGO_ENABLED=0
RUN go build -trimpath -ldflags="-s -w" -o /out/gateway ./cmd/gateway \
 && go build -trimpath -ldflags="-s -w" -o /out/ingest ./cmd/ingest

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gateway /gateway
COPY --from=build /out/ingest /ingest
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/gateway"]
