/** One class per API resource, each method one operation of openapi.json, marked with its {@code operationId}. */
@NullMarked
package io.abk.billing.client.service;

import org.jspecify.annotations.NullMarked;
