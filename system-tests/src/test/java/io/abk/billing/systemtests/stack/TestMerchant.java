package io.abk.billing.systemtests.stack;

/** A merchant created for one test class, with one API key per mode. */
record TestMerchant(String id, String testKey, String testKeyId, String liveKey, String liveKeyId) {}
