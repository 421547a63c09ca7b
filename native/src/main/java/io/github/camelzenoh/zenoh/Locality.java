package io.github.camelzenoh.zenoh;

/** Which sessions a declaration exchanges data with: any, this session only, or others only. */
public enum Locality {
    ANY, SESSION_LOCAL, REMOTE
}
