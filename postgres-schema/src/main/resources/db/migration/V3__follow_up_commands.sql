-- Issue 3: a command that starts a settlement (a charge or a refund) names the command its result will carry
-- (Change.followUpCommandId). A request that answers with the settlement's result (activate, charge, refund)
-- waits for that command's outcome too; keeping the id with the outcome lets an idempotent retry after a 503
-- processing_timeout resume waiting for the follow-up instead of answering with half the story.
ALTER TABLE command_outcomes ADD COLUMN follow_up_command_id text COLLATE "C";
