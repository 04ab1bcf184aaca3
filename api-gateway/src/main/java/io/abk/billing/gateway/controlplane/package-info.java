/**
 * The control plane: merchants, their API keys and the authentication of every request, the audit log, and each
 * merchant's test clock with the effective now it gives. Its routes are the operator API's ({@code operator}) and
 * the test clock resource's ({@code api.testclock}).
 */
@NullMarked
package io.abk.billing.gateway.controlplane;

import org.jspecify.annotations.NullMarked;
