package io.abk.billing.localstack.system;

/** A merchant created for one test class, with one API key per mode. */
record TestMerchant(String id, String testKey, String testKeyId, String liveKey, String liveKeyId) {}
