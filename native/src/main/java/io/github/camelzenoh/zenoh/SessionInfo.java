/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.List;

/** A session's own zenoh id and the ids of the routers and peers it is connected to now. */
public record SessionInfo(String zid, List<String> routers, List<String> peers) {}
