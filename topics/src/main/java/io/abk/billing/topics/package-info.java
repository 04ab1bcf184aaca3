/**
 * Topic provisioning: the plan of every topic the platform owns with its layout from configuration
 * ({@link io.abk.billing.topics.TopicsSettings}), the idempotent step that creates or checks them
 * ({@link io.abk.billing.topics.TopicProvisioner}, run by {@code ./billing topics} and the topics container), and the
 * check a service runs at start to say which of its topics are missing or laid out wrongly
 * ({@link io.abk.billing.topics.TopicLayout}).
 */
@NullMarked
package io.abk.billing.topics;

import org.jspecify.annotations.NullMarked;
