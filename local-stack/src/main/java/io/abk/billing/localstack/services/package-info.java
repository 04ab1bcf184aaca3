/** The platform's services run in-process (billing-streams, api-gateway) and the wait for their readiness. */
@NullMarked
package io.abk.billing.localstack.services;

import org.jspecify.annotations.NullMarked;
