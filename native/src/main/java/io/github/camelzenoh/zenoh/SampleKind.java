package io.github.camelzenoh.zenoh;

public enum SampleKind {
    PUT, DELETE
}
