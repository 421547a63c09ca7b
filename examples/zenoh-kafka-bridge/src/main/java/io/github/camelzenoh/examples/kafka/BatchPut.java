/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import io.github.camelzenoh.component.zenoh.ZenohConstants;
import io.github.camelzenoh.component.zenoh.ZenohSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.component.kafka.KafkaConstants;
import org.apache.camel.component.kafka.consumer.KafkaManualCommit;

/**
 * Kafka → zenoh for a batch of records (camel-kafka's {@code batching=true}: the body is a List of
 * one exchange per record, in poll order). Each run of consecutive records that go to the same
 * zenoh key becomes one batch put ({@code batch=true}: one native call per chunk) on that key, so
 * zenoh sees the records in exactly the order a record-by-record route puts them; records of
 * interleaved keys make shorter runs. A record that cannot become a put goes to the dead-letter
 * topic in its place. After the batch, each partition's offset is committed up to its last record
 * put.
 *
 * <p>Progress is kept on the exchange: a retry (the route's error handler) starts at the record
 * that failed, so the puts before it are not repeated, and a failure commits what was put before
 * it, so the consumer, which reconnects once the retries ran out, starts again at that record.
 */
final class BatchPut implements Processor {

    /** Exchange property: records of the batch handled (put or dead-lettered). */
    static final String DONE = "zenohBridgeBatchDone";

    private final KafkaBridgeRoutes routes;
    private volatile ProducerTemplate template;

    BatchPut(KafkaBridgeRoutes routes) {
        this.routes = routes;
    }

    @Override
    public void process(Exchange batch) throws Exception {
        List<?> records = batch.getMessage().getBody(List.class);
        if (records == null || records.isEmpty()) {
            return;
        }
        int done = batch.getProperty(DONE, 0, Integer.class);
        List<ZenohSample> run = new ArrayList<>();
        String runKey = null;
        try {
            for (int i = done; i < records.size(); i++) {
                Exchange record = (Exchange) records.get(i);
                ZenohSample sample;
                try {
                    sample = routes.mapping.toSample(record);
                } catch (BadRecordException bad) {
                    put(runKey, run);
                    done = i;
                    routes.deadLetter(record, bad);
                    template().send(routes.deadLetterUri(), record);
                    Exception failed = record.getException();
                    if (failed != null) {
                        record.setException(null);
                        throw failed;
                    }
                    done = i + 1;
                    continue;
                }
                if (!run.isEmpty() && !sample.key().equals(runKey)) {
                    put(runKey, run);
                    done = i;
                }
                runKey = sample.key();
                run.add(sample);
            }
            put(runKey, run);
            done = records.size();
        } catch (Exception e) {
            batch.setProperty(DONE, done);
            commit(records, done);
            throw e;
        }
        batch.setProperty(DONE, done);
        commit(records, done);
    }

    /** Commits, per partition, the offset after the last record handled. */
    private static void commit(List<?> records, int done) {
        Map<Object, KafkaManualCommit> last = new HashMap<>();
        for (int i = 0; i < done; i++) {
            Exchange r = (Exchange) records.get(i);
            KafkaManualCommit c =
                    r.getMessage().getHeader(KafkaConstants.MANUAL_COMMIT, KafkaManualCommit.class);
            if (c != null) {
                last.put(
                        r.getMessage().getHeader(KafkaConstants.TOPIC)
                                + "/"
                                + r.getMessage().getHeader(KafkaConstants.PARTITION),
                        c);
            }
        }
        last.values().forEach(KafkaManualCommit::commit);
    }

    /** One batch put of the run on its key; the run is emptied once zenoh took it. */
    private void put(String key, List<ZenohSample> run) throws Exception {
        if (run.isEmpty()) {
            return;
        }
        List<ZenohSample> body = List.copyOf(run);
        Exchange sent =
                template()
                        .send(
                                KafkaBridgeRoutes.ZENOH_OUT + "&batch=true",
                                e -> {
                                    e.getMessage().setBody(body);
                                    e.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, key);
                                });
        if (sent.getException() != null) {
            throw sent.getException();
        }
        routes.stats.toZenohSent.add(body.size());
        routes.stats.toZenohBatches.increment();
        run.clear();
    }

    private ProducerTemplate template() {
        ProducerTemplate t = template;
        if (t == null) {
            synchronized (this) {
                t = template;
                if (t == null) {
                    t = routes.getContext().createProducerTemplate();
                    template = t;
                }
            }
        }
        return t;
    }
}
