package io.github.camelzenoh.zenoh;

public enum Reliability {
    BEST_EFFORT, RELIABLE
}
