package io.github.camelzenoh.zenoh;

public enum QueryTarget {
    BEST_MATCHING, ALL, ALL_COMPLETE
}
