import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { promptsOf } from "../src/declarations/prompt.js";
import { resourcesOf } from "../src/declarations/resource.js";
import { compileUriTemplate } from "../src/declarations/uri-template.js";
import { DeclarationConfigError, prompt, resource, Tool } from "../src/index.js";

/** Defines a class with one decorated method and returns the error it throws, if any. */
function defineWith(decorate: () => void): DeclarationConfigError {
  try {
    decorate();
  } catch (error) {
    assert.ok(DeclarationConfigError.isInstance(error), String(error));
    return error;
  }
  assert.fail("the class definition did not throw");
}

describe("@resource", () => {
  class Docs extends Tool {
    @resource({ uri: "docs://readme", mimeType: "text/markdown", title: "README" })
    readme() {
      return "# Hello";
    }

    @resource({ uriTemplate: "docs://pages/{slug}", complete: { slug: ["intro", "setup"] } })
    page({ slug }: { slug: string }) {
      return `page ${slug}`;
    }
  }

  it("records fixed resources and templates, inherited ones first, a redefinition in place", () => {
    class MoreDocs extends Docs {
      @resource({ uri: "docs://readme", description: "The new README" })
      override readme() {
        return "# Hello again";
      }

      @resource({ uri: "docs://license" })
      license() {
        return "MIT";
      }
    }
    const keys = (tool: Tool) => resourcesOf(tool).map((entry) => [entry.key, entry.methodName]);
    assert.deepEqual(keys(new Docs()), [
      ["docs://readme", "readme"],
      ["docs://pages/{slug}", "page"],
    ]);
    assert.deepEqual(keys(new MoreDocs()), [
      ["docs://readme", "readme"],
      ["docs://pages/{slug}", "page"],
      ["docs://license", "license"],
    ]);
    const [readme] = resourcesOf(new MoreDocs());
    assert.equal(readme?.description, "The new README");
    assert.deepEqual(resourcesOf(new Docs())[1]?.template?.match("docs://pages/setup%20guide"), {
      slug: "setup guide",
    });
  });

  it("refuses a config that cannot work, naming the method and key", () => {
    const cases: [ResourceConfigUnderTest, string | undefined, RegExp][] = [
      [{}, undefined, /give exactly one of "uri" \(a fixed resource\) and "uriTemplate"/],
      [{ uri: "a://b", uriTemplate: "a://{c}" }, undefined, /exactly one/],
      [{ uri: "" }, "uri", /must be a non-empty string/],
      [{ uri: "a://b", nmae: "x" }, "nmae", /did you mean "name"/],
      [{ uriTemplate: "a://{+path}" }, "uriTemplate", /\{\+path\} is not a simple variable/],
      [{ uriTemplate: "a://{x}/{x}" }, "uriTemplate", /\{x\} appears twice/],
      [{ uriTemplate: "a://b}" }, "uriTemplate", /has no \{variable\}|stray brace/],
      [{ uriTemplate: "a://{x}", complete: { y: [] } }, "complete.y", /not a variable/],
    ];
    for (const [config, key, message] of cases) {
      const error = defineWith(() => {
        class Bad extends Tool {
          @resource(config as never)
          read() {
            return "";
          }
        }
        return Bad;
      });
      assert.equal(error.key, key, JSON.stringify(config));
      assert.equal(error.methodName, "read");
      assert.match(error.message, /^`@resource` on method "read"/);
      assert.match(error.message, message);
    }
    const twice = defineWith(() => {
      class Twice extends Tool {
        @resource({ uri: "a://b" })
        one() {
          return "";
        }
        @resource({ uri: "a://b" })
        two() {
          return "";
        }
      }
      return Twice;
    });
    assert.match(twice.message, /a:\/\/b is already served by "one"/);
    const shadow = defineWith(() => {
      class Shadow extends Tool {
        @resource({ uri: "a://b" })
        override activities() {
          return [];
        }
      }
      return Shadow;
    });
    assert.match(shadow.message, /shadows Tool.activities/);
  });
});

type ResourceConfigUnderTest = Record<string, unknown>;

describe("@prompt", () => {
  it("lists its arguments from the schema: descriptions, required, enum values", () => {
    class Review extends Tool {
      @prompt({
        description: "Review a change",
        title: "Code review",
        arguments: z.object({
          pr: z.string().describe("The PR number"),
          tone: z.enum(["kind", "blunt"]).optional(),
        }),
      })
      review({ pr }: { pr: string }) {
        return `Review ${pr}`;
      }

      @prompt({ name: "plain", description: "No arguments" })
      simple() {
        return "hi";
      }
    }
    const [review, plain] = promptsOf(new Review());
    assert.equal(review?.key, "review");
    assert.equal(review?.title, "Code review");
    assert.deepEqual(review?.arguments, [
      { name: "pr", description: "The PR number", required: true, values: undefined },
      { name: "tone", description: undefined, required: false, values: ["kind", "blunt"] },
    ]);
    assert.equal(plain?.key, "plain");
    assert.deepEqual(plain?.arguments, []);
  });

  it("refuses non-string arguments, bad names, completions of unknown arguments", () => {
    const cases: [Record<string, unknown>, string | undefined, RegExp][] = [
      [{}, "description", /is required/],
      [{ description: "d", name: "has space" }, "name", /only letters, digits and "_"/],
      [
        { description: "d", arguments: z.object({ count: z.number() }) },
        "arguments.count",
        /must be a string: prompt arguments are text/,
      ],
      [{ description: "d", arguments: z.string() }, "arguments", /object/],
      [
        { description: "d", arguments: z.object({ a: z.string() }), complete: { b: [] } },
        "complete.b",
        /is not one of the prompt's arguments/,
      ],
    ];
    for (const [config, key, message] of cases) {
      const error = defineWith(() => {
        class Bad extends Tool {
          @prompt(config as never)
          ask() {
            return "";
          }
        }
        return Bad;
      });
      assert.equal(error.key, key, JSON.stringify(Object.keys(config)));
      assert.match(error.message, /^`@prompt` on method "ask"/);
      assert.match(error.message, message);
    }
  });
});

describe("URI templates", () => {
  it("match level-1 variables, one segment each, percent-decoded", () => {
    const template = compileUriTemplate("test://template/{id}/data");
    assert.deepEqual(template.variables, ["id"]);
    assert.deepEqual(template.match("test://template/123/data"), { id: "123" });
    assert.deepEqual(template.match("test://template/a%2Fb/data"), { id: "a/b" });
    assert.equal(template.match("test://template/1/2/data"), undefined);
    assert.equal(template.match("test://template//data"), undefined);
    assert.equal(template.match("test://template/%E0%A4%A/data"), undefined);
    // Regular expression characters in the literal part are literal.
    assert.deepEqual(compileUriTemplate("a+b://x.{y}").match("a+b://x.1"), { y: "1" });
    assert.equal(compileUriTemplate("a+b://x.{y}").match("aab://xx1"), undefined);
  });
});
