package io.github.camelzenoh.zenoh;

public enum ConsolidationMode {
    AUTO, NONE, MONOTONIC, LATEST
}
