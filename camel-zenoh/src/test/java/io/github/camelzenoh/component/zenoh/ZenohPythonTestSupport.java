/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Loopback;
import org.apache.camel.CamelContext;

/**
 * Route tests that Python eclipse-zenoh processes connect to: besides reaching {@link #peer}, the
 * Camel context's session listens on {@link #camel}, a loopback endpoint of this test instance.
 */
public abstract class ZenohPythonTestSupport extends ZenohTestSupport {

    /** The endpoint the Camel session listens on, for {@code --connect} of the Python peers. */
    protected final String camel = Loopback.endpoint(Loopback.freePort());

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getComponent("zenoh", ZenohComponent.class).getConfiguration().setListen(camel);
        return context;
    }
}
