/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;

/**
 * A consumer's headers for one message, handed to {@code Message.setHeaders} in one go. Their names
 * are fixed and kept in {@link String#CASE_INSENSITIVE_ORDER}, the order of Camel's default headers
 * map (a TreeMap): that map then copies them in linear time without comparing a single key, where
 * one {@code setHeader} per header costs a tree search of case-insensitive string comparisons each
 * (the names share their "CamelZenoh" prefix). Any other headers map factory simply receives an
 * ordinary map. Only what a bulk copy reads is implemented.
 */
final class SortedHeaders extends AbstractMap<String, Object> implements SortedMap<String, Object> {

    /** Header names in the order bulk copies need; the index of each is its slot. */
    static final class Names {
        private final String[] sorted;

        Names(String... names) {
            this.sorted = names.clone();
            Arrays.sort(sorted, String.CASE_INSENSITIVE_ORDER);
        }

        int slot(String name) {
            for (int i = 0; i < sorted.length; i++) {
                if (sorted[i].equals(name)) {
                    return i;
                }
            }
            throw new IllegalArgumentException(name);
        }

        SortedHeaders newHeaders() {
            return new SortedHeaders(sorted);
        }
    }

    private final String[] names;
    private final Object[] values;
    private int size;

    private SortedHeaders(String[] names) {
        this.names = names;
        this.values = new Object[names.length];
    }

    /** Sets the header in {@code slot} (see {@link Names#slot}); a null value leaves it out. */
    void set(int slot, Object value) {
        if (values[slot] == null && value != null) {
            size++;
        } else if (values[slot] != null && value == null) {
            size--;
        }
        values[slot] = value;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Comparator<? super String> comparator() {
        return String.CASE_INSENSITIVE_ORDER;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Cursor();
            }
        };
    }

    /**
     * Walks the headers present. It is its own entry, moved along by {@link #next()}: whoever
     * copies a map reads key and value at once (TreeMap, HashMap, AbstractMap all do).
     */
    private final class Cursor implements Iterator<Entry<String, Object>>, Entry<String, Object> {
        private int next = advance(0);
        private int current = -1;

        private int advance(int from) {
            int i = from;
            while (i < values.length && values[i] == null) {
                i++;
            }
            return i;
        }

        @Override
        public boolean hasNext() {
            return next < values.length;
        }

        @Override
        public Entry<String, Object> next() {
            if (next >= values.length) {
                throw new NoSuchElementException();
            }
            current = next;
            next = advance(next + 1);
            return this;
        }

        @Override
        public String getKey() {
            return names[current];
        }

        @Override
        public Object getValue() {
            return values[current];
        }

        @Override
        public Object setValue(Object value) {
            throw new UnsupportedOperationException();
        }
    }

    @Override
    public SortedMap<String, Object> subMap(String fromKey, String toKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SortedMap<String, Object> headMap(String toKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SortedMap<String, Object> tailMap(String fromKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String firstKey() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String lastKey() {
        throw new UnsupportedOperationException();
    }
}
