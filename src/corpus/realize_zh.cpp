// Chinese (zh-TW). What the attention maps should show against English:
//   - modifiers before the head: 紅色 的 洋裝, relative clauses 昨天 買 的 那 件 襯衫;
//   - time before the verb (often before the subject), place as 在 X before the verb;
//   - aspect 了/過 after the verb, negation 不/沒 before it, 嗎 for yes/no questions,
//     question words in place (你 買 了 什麼);
//   - when/if clauses always first (當 … 的時候, 如果 …), whatever the English order.
#include "corpus/realize.h"

namespace attn::corpus {

namespace {

const char * const kPronoun[] = {"我", "你", "他", "她", "它", "我們", "他們"};

std::string number_zh(int n) {
    static const char * const digits[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    if (n == 2) return "兩";  // before a classifier
    if (n < 10) return digits[n];
    if (n == 10) return "十";
    if (n < 20) return std::string("十") + digits[n - 10];
    return "二十";
}

class Chinese {
public:
    explicit Chinese(const Lexicon & lex) : m_lex(lex) {}
    AlignedText out;

    void noun_phrase(const NounPhrase & np) {
        switch (np.kind) {
            case NounPhrase::Kind::Pronoun: out.add(kPronoun[int(np.pronoun)], np.id); break;
            case NounPhrase::Kind::Name: out.add(m_lex.nouns[size_t(np.noun)].zh, np.id); break;
            case NounPhrase::Kind::Noun: common_noun(np); break;
        }
        if (np.coordinated) {
            out.add("和", np.id + 5);
            noun_phrase(*np.coordinated);
        }
    }

    void clause(const Clause & c, const NounPhrase * head = nullptr) {
        if (c.kind == ClauseKind::Existential) return existential(c);
        if (c.kind == ClauseKind::Weather) return weather(c);
        if (c.kind == ClauseKind::Demonstrative) return demonstrative(c);
        const Verb * v = verb_of(m_lex, c);
        const bool relative = head != nullptr;
        const bool wh = c.mood == Mood::Wh && !relative;
        // A polite request puts the modal and 請 first: 可以 請 你 幫 我 嗎.
        const bool polite_request = c.please && c.mood == Mood::YesNo && v;
        if (polite_request) {
            out.add("可以", c.id + 3);
            out.add("請", c.id + 12);
        }
        if (c.mood == Mood::Imperative && c.please) out.add("請", c.id + 12);
        if (c.time >= 0 && c.time_fronted && !relative) adverb(c.time, c.id + 8);
        if (wh && c.gap == Role::Subject) out.add("誰", c.id + 6);
        else if (c.mood == Mood::Imperative && c.lets) noun_phrase(c.subject);  // 我們 … 吧
        else if (c.mood == Mood::Imperative || c.to_infinitive) {}  // the listener, or the main clause's subject
        else if (!(relative && c.gap == Role::Subject)) noun_phrase(c.subject);
        // "the meeting is tomorrow": the time is the copula's predicate, after 是 (會議 是 明天, 是 什麼時候).
        if (c.time >= 0 && !c.time_fronted && !(wh && c.gap == Role::Time) && !c.time_predicate) adverb(c.time, c.id + 8);
        if (wh && c.gap == Role::Time && !c.time_predicate) out.add(when_words(c), c.id + 6);
        if (wh && c.gap == Role::Reason) out.add("為什麼", c.id + 6);
        // "never" of the past is 從來 沒 (從來 沒 去 過), of habits 從不.
        const bool never_was = c.frequency >= 0 && m_lex.adverbs[size_t(c.frequency)].en == Tokens{"never"} && v &&
                               !v->zh_asp.empty() && c.modal == Modal::None && (c.tense == Tense::Past || c.tense == Tense::Perfect);
        if (never_was) out.add(Tokens{"從來", "沒"}, c.id + 9);
        else if (c.frequency >= 0) adverb(c.frequency, c.id + 9);
        if (c.used_to) out.add(Tokens{"以前", "常"}, c.id + 1);  // 我 以前 常 彈 鋼琴: a habit, no 了
        if (wh && c.gap == Role::Frequency) out.add(Tokens{"多", "常"}, c.id + 6);

        if (!v) {  // the copula
            const bool person_old = person_is_old(m_lex, c);
            if (c.age) {  // 十 歲: the years are the predicate, without 是
                if (c.negated) out.add(Tokens{"不", "是"}, c.id + 2);
                out.add(c.age->count <= 20 ? number_zh(c.age->count) : std::to_string(c.age->count), c.age->id + 1);
                out.add("歲", c.age->id + 2);
                out.also(c.id + 7, false);
                out.also(c.id, false);  // ↔ is
            } else if (c.predicate_adjective >= 0 && c.compare != Compare::None) {
                // 比 狗 大 / 最 大 / 跟 狗 一樣 大: the bare adjective, without the 很 of a plain predicate.
                // An older person is 大 (比 我 大), not 舊.
                Tokens pred = person_old ? Tokens{"大"} : m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred;
                if (!pred.empty() && pred[0] == "很") pred.erase(pred.begin());
                if (c.compare == Compare::Comparative) {
                    out.add("比", c.id + 14);
                    noun_phrase(*c.standard);
                } else if (c.compare == Compare::Equal) {
                    out.add("跟", c.id + 14);
                    noun_phrase(*c.standard);
                    out.add("一樣", c.id + 15);
                } else {
                    out.add("最", c.id + 15);
                }
                const size_t first = out.size();
                out.add(pred, c.id + 7);
                for (size_t k = first; k < out.size(); k++) out.words()[k].possible.push_back(c.id);  // ↔ is
            } else if (c.predicate_adjective >= 0 && wh && c.gap == Role::Degree) {
                // 有 多 高; a person's age is counted: 幾 歲.
                const Adjective & a = m_lex.adjectives[size_t(c.predicate_adjective)];
                if (person_old) {
                    out.add("幾", c.id + 6);
                    out.add("歲", c.id + 7);
                    out.also(c.id, false);
                } else {
                    out.add("有", c.id, false);
                    out.add("多", c.id + 6);
                    out.add(Tokens(a.zh_pred.begin() + 1, a.zh_pred.end()), c.id + 7);
                }
            } else if (c.predicate_adjective >= 0) {
                const Tokens pred = person_old ? Tokens{"很", "老"} : m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred;
                const size_t first = state(c, pred);
                for (size_t k = first; k < out.size(); k++) out.words()[k].possible.push_back(c.id);  // ↔ is
                if (!pred.empty() && pred[0] == "很" && c.degree == Degree::Too) out.add("了", c.id + 11, false);
            } else if (c.place) {  // "the cat is in the garden": 貓 在 花園 裡, no 是
                if (c.negated) out.add("不", c.id + 2);
                out.add("在", c.place->id + 4);
                out.also(c.id, false);
                if (wh && c.gap == Role::Place) out.add("哪裡", c.id + 6);
                else place_noun(*c.place);
            } else {
                if (c.negated) out.add("不", c.id + 2);
                out.add("是", c.id);
                if (c.predicate) noun_phrase(*c.predicate);
                if (c.time_predicate && wh) out.add(when_words(c), c.id + 6);
                else if (c.time_predicate) adverb(c.time, c.id + 8);
            }
            return;
        }
        // Negation and modals: 不 會, 不 想, 沒 (past of dynamic verbs), 不 (present, stative).
        const bool stative = v->zh_asp.empty();
        if (c.modal == Modal::Might) out.add("可能", c.id + 3);  // before the negation: 可能 不 來
        // A linking verb is denied at its state: 你 看起來 不 累, 我 覺得 不 舒服.
        const bool linking = v->linking && c.predicate_adjective >= 0;
        if (c.negated && !linking) {
            const bool mei = c.modal == Modal::None && (c.tense == Tense::Past || c.tense == Tense::Perfect || c.progressive) && !stative;
            if (c.mood == Mood::Imperative) out.add("不要", c.id + 2);
            else if (c.modal == Modal::Must && c.obligation == Obligation::HaveTo) {
                out.add("不用", c.id + 2);  // not needed: 你 不用 來
                out.also(c.id + 3, false);
            } else out.add(mei ? "沒" : "不", c.id + 2);
        }
        const bool no_need = c.negated && c.modal == Modal::Must && c.obligation == Obligation::HaveTo;
        switch (c.modal) {
            case Modal::Can: if (!polite_request) out.add("能", c.id + 3); break;  // 可以 請 你 … 嗎 says it
            case Modal::Must:
                // "must not" forbids: 不 可以 (not 不 必須, "need not")
                if (!no_need) out.add(c.negated && c.obligation == Obligation::Must ? "可以" : c.obligation == Obligation::NeedTo ? "需要" : "必須", c.id + 3);
                break;
            case Modal::Want: out.add("想", c.id + 3); break;
            case Modal::Should: out.add("應該", c.id + 3); break;
            case Modal::Could: case Modal::May: if (!polite_request) out.add("可以", c.id + 3); break;
            case Modal::Like: out.add("喜歡", c.id + 3); break;
            case Modal::WouldLike: out.add("想要", c.id + 3); break;
            case Modal::Might: break;
            case Modal::None:
                if (c.tense == Tense::Future) out.add(future_word(c), c.id + 1);
                // The progressive: 在 煮飯, or 正 before a place's 在 (正 在 廚房 裡 煮飯).
                // Negated, the place's 在 says it alone: 沒 在 廚房 裡 煮飯.
                // Going somewhere now is a plan under way: 我 要 去 台北, not 我 在 去 台北.
                if (c.progressive && c.destination) out.add("要", c.id + 1);
                else if (c.progressive && !(c.negated && c.place && c.gap != Role::Place))
                    out.add(c.place && c.gap != Role::Place ? "正" : "在", c.id + 1);
                break;
        }
        if (c.manner >= 0) adverb(c.manner, c.id + 10);
        if (c.place) {
            out.add("在", c.place->id + 4);
            if (wh && c.gap == Role::Place) out.add("哪裡", c.id + 6);
            else place_noun(*c.place);
        }
        // A verb before a to-infinitive (試著 打電話) takes no aspect of its own.
        const bool infinitive = c.complement && c.complement->to_infinitive;
        // The aspect marker: 了 for a completed event (not in relative clauses, where 昨天 買 的
        // 襯衫 is the natural form, nor under negation). The perfect is 過, an experience (你 看 過
        // 嗎, 沒 看 過), unless it says that something is now done (她 買 了 車): 了, and nothing
        // for a state (我 認識 她).
        std::string aspect;
        if (c.modal == Modal::None && !relative && !c.progressive && c.mood != Mood::Imperative) {
            // Habits (常常, 總是) take no 了 even in the past.
            if (c.tense == Tense::Past && !c.negated && !stative && v->frame != Frame::Clause && c.frequency < 0 &&
                c.gap != Role::Frequency && !infinitive && !c.used_to)
                aspect = v->zh_asp;
            if (c.tense == Tense::Perfect && v->frame != Frame::Clause)
                aspect = !c.perfect_done ? "過" : stative || infinitive ? "" : v->zh_asp;
        }
        if (linking) aspect.clear();  // a state: 覺得 很 累, never 覺得 過
        if (c.duration) return verb_with_span(c, *v, wh);
        // With the object inside the verb (打電話 給 O), 了 closes the phrase (打電話 給 她 了) while
        // 過 stays on the verb (打電話 過 給 她).
        // With a destination the verb is said as its pattern (去 D, 回到 D, 去 D 旅行), the aspect
        // marker before the place (去 了 公園), the word before it standing for "to" too.
        const Tokens verb_words = c.destination ? split_tokens(is_home(m_lex, *c.destination) ? "回 D" : destination_pattern_zh(*v))
                                  : infinitive      ? split_tokens(infinitive_verb_zh(*v))
                                                    : v->zh;
        bool object_inside = false;
        for (const std::string & w : verb_words) object_inside |= w == "O";
        for (size_t k = 0; k < verb_words.size(); k++) {
            if (verb_words[k] == "O") { object(c, wh); continue; }
            if (verb_words[k] == "D") { noun_phrase(*c.destination); continue; }
            out.add(verb_words[k], c.id);
            const bool before_destination = k + 1 < verb_words.size() && verb_words[k + 1] == "D";
            if (before_destination) out.also(c.destination->id + 4, false);
            const bool aspect_here = c.destination ? before_destination : k == 0 && (!object_inside || aspect == "過");
            if (aspect_here && !aspect.empty()) out.add(aspect, c.id + 1);
        }
        if (linking) state(c, m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred);  // 覺得 很 累, 看起來 不 累
        if (c.indirect) noun_phrase(*c.indirect);
        if (!object_inside) object(c, wh);
        else if (!aspect.empty() && aspect != "過") out.add(aspect, c.id + 1);
        if (c.complement) clause(*c.complement);
        if (c.lets) out.add("吧", c.id + 13);
    }

private:
    const Lexicon & m_lex;

    void adverb(int index, ConceptId id) { out.add(m_lex.adverbs[size_t(index)].zh, id); }

    // A predicate adjective (its zh_pred), denied or graded: 很 累, 不 累, 非常 累 (a gradable
    // state drops its filler 很 after 不 or a degree). Returns where its words begin.
    size_t state(const Clause & c, Tokens pred) {
        const bool graded = !pred.empty() && pred[0] == "很";
        if (graded && (c.negated || c.degree != Degree::None)) pred.erase(pred.begin());
        if (c.negated) out.add("不", c.id + 2);
        if (graded && c.degree != Degree::None) degree(c);
        const size_t first = out.size();
        out.add(pred, c.id + 7);
        return first;
    }

    // The span after the verb: 等 了 十 分鐘; a verb–object word says its verb again (游泳 游 了
    // 一 個 小時); a span up to now closes with a second 了 (住 了 兩 年 了), asked 住 了 多久 了.
    void verb_with_span(const Clause & c, const Verb & v, bool wh) {
        const DurationVerb * dv = duration_verb(v);
        const Duration & d = *c.duration;
        const bool up_to_now = c.tense == Tense::Perfect;
        for (const std::string & w : split_tokens(dv->zh_with_span)) out.add(w, c.id);
        if (c.modal == Modal::None && (c.tense == Tense::Past || up_to_now)) out.add("了", c.id + 1);
        if (wh && c.gap == Role::Duration) {
            out.add("多久", c.id + 6);
        } else {
            const TimeUnitWords & u = time_unit_words(d.unit);
            out.add(number_zh(d.count), d.id + 1);
            if (*u.zh_classifier) out.add(u.zh_classifier, d.id + 1, false);
            out.add(u.zh, d.id + 2);
            out.also(d.id, false);  // "for" has no word of its own
        }
        if (up_to_now) out.add("了", c.id + 1, false);
        if (c.lets) out.add("吧", c.id + 13);
    }

    // A place noun with its locative: 花園 裡, 學校. Without 在 before it (公園 裡 有 …, 台北 很
    // 冷), the noun also stands for the English preposition.
    void place_noun(const NounPhrase & place, bool after_zai = true) {
        const size_t first = out.size();
        noun_phrase(place);
        if (!after_zai && first < out.size()) out.words()[first].possible.push_back(place.id + 4);
        if (place.spatial >= 0) return out.add(spatial_relations()[size_t(place.spatial)].zh, place.id + 4);  // 桌子 下面
        const std::string & loc = m_lex.nouns[size_t(place.noun)].zh_loc;
        if (!loc.empty()) out.add(loc, place.id + 4, false);
    }

    // A place not after 在 (公園 裡 有 …, 公園 裡 的 女孩): one that takes no locative after 在
    // (在 公園) takes 裡 here, a name none (台北 有, not 台北 裡 有).
    void place_without_zai(const NounPhrase & place) {
        place_noun(place, false);
        const Noun & n = m_lex.nouns[size_t(place.noun)];
        if (n.zh_loc.empty() && !n.proper && place.spatial < 0) out.add("裡", place.id + 4, false);
    }

    // "when" is 什麼時候; "what time" 幾 點.
    static Tokens when_words(const Clause & c) { return c.what_time ? Tokens{"幾", "點"} : Tokens{"什麼時候"}; }

    // "going to" is 要 (我 要 去), "will" 會; negated, both are 不 會, since 不 要 says "don't".
    static const char * future_word(const Clause & c) { return c.going_to && !c.negated ? "要" : "會"; }

    // 非常 (very), 太 (too, closed by 了), 真的 很 (really).
    void degree(const Clause & c) {
        switch (c.degree) {
            case Degree::Very: out.add("非常", c.id + 11); break;
            case Degree::Too: out.add("太", c.id + 11); break;
            case Degree::Really: out.add("真的", c.id + 11); out.add("很", c.id + 11, false); break;
            case Degree::None: out.add("很", c.id, false); break;  // the filler of a plain predicate
        }
    }

    // "there is a dog in the park": 公園 裡 有 一 隻 狗; negated 公園 裡 沒有 狗; how many: 有 幾 隻 貓.
    void existential(const Clause & c) {
        if (c.time >= 0) adverb(c.time, c.id + 8);
        if (c.place) place_without_zai(*c.place);
        if (c.negated) {
            out.add("沒有", c.id + 13);
            out.also(c.id + 2, true);
            NounPhrase bare = c.subject;  // 沒有 狗, not 沒有 一 隻 狗
            if (bare.det == Det::A) bare.det = Det::None;
            noun_phrase(bare);
            if (c.subject.det == Det::A) out.also(c.subject.id + 1, false);
        } else {
            out.add("有", c.id + 13);
            noun_phrase(c.subject);  // with how many: 幾 隻 貓
        }
    }

    // "this is my book": 這 是 我 的 書; 那 不 是 一 隻 貓; 這些 是 什麼; 那 是 誰 (嗎 is the sentence's).
    void demonstrative(const Clause & c) {
        const NounPhrase & thing = *c.predicate;
        const bool plural = is_plural(thing);
        out.add(plural ? (c.far ? "那些" : "這些") : (c.far ? "那" : "這"), c.subject.id);
        if (c.negated) out.add("不", c.id + 2);
        out.add("是", c.id);
        if (c.mood == Mood::Wh) out.add(is_person(m_lex, thing) ? "誰" : "什麼", c.id + 6);
        else noun_phrase(thing);
    }

    // "it is raining": 在 下雨; "it was cold yesterday": 昨天 天氣 很 冷; "will it snow?": 會 下雪 嗎.
    void weather(const Clause & c) {
        const WeatherCondition & w = weather_conditions()[size_t(c.weather)];
        if (c.time >= 0) adverb(c.time, c.id + 8);
        if (c.place) place_noun(*c.place, false);
        if (w.is_verb) {
            if (c.negated) out.add(c.tense == Tense::Past || c.progressive ? "沒" : "不", c.id + 2);
            if (c.tense == Tense::Future) out.add(future_word(c), c.id + 1);
            if (c.progressive) out.add(c.negated ? "在" : "正在", c.id + 1);
            out.add(split_tokens(w.zh), c.id);
            if (c.tense == Tense::Past && !c.negated) out.add("了", c.id + 1);
            return;
        }
        // An adjective: 天氣 很 冷, or with a subject of its own, 風 很 大 ("windy").
        Tokens pred = split_tokens(w.zh);
        if (pred.size() > 1) {
            out.add(pred[0], c.id);
            out.also(c.subject.id, false);
            pred.erase(pred.begin());
        } else if (!c.place) {
            out.add("天氣", c.subject.id, false);  // "it" is the weather
        }
        if (c.negated) out.add("不", c.id + 2);
        if (c.tense == Tense::Future) out.add(future_word(c), c.id + 1);
        if (!c.negated) degree(c);
        out.add(pred, c.id);
        if (c.degree == Degree::Too) out.add("了", c.id + 11, false);
    }

    void object(const Clause & c, bool wh) {
        if (!c.object) return;
        if (c.gap == Role::Object) {
            if (wh && (c.object->det == Det::HowMany || c.object->det == Det::Which)) noun_phrase(*c.object);  // 買 了 幾 本 書, in place
            else if (wh && c.object->det == Det::HowMuch) {  // 要價 多少 錢
                out.add("多少", c.id + 6);
                out.add("錢", c.object->id);
            }
            else if (wh) out.add(is_person(m_lex, *c.object) ? "誰" : "什麼", c.id + 6);
            return;  // relative clause: the head follows 的
        }
        noun_phrase(*c.object);
    }

    // The classifier goes with the determiner or number, and the noun chooses it (個 for people,
    // 隻 for animals), so it is possibly linked to both.
    void classifier(const Noun & n, ConceptId id, ConceptId noun_id) {
        if (n.zh_cl.empty()) return;
        out.add(n.zh_cl, id, false);
        out.also(noun_id, false);
    }

    void common_noun(const NounPhrase & np) {
        const Noun & n = m_lex.nouns[size_t(np.noun)];
        if (np.located) {  // 桌子 上 的 書, 公園 裡 的 女孩: the place before the noun
            place_without_zai(*np.located);
            out.add("的", np.located->id + 4, false);
        }
        if (np.relative) {
            clause(*np.relative, &np);
            out.add("的", np.id + 3, false);
        }
        switch (np.det) {
            case Det::None: break;
            case Det::A: out.add("一", np.id + 1); classifier(n, np.id + 1, np.id); break;
            case Det::The:
                // Chinese has no article; a relative clause's head takes 那 + classifier.
                if (np.relative) {
                    out.add(np.plural ? "那些" : "那", np.id + 1, false);
                    if (!np.plural) classifier(n, np.id + 1, np.id);
                }
                break;
            case Det::This: case Det::That: {
                const bool near = np.det == Det::This;
                if (np.plural) out.add(near ? "這些" : "那些", np.id + 1);
                else { out.add(near ? "這" : "那", np.id + 1); classifier(n, np.id + 1, np.id); }
                break;
            }
            case Det::Poss:
                out.add(kPronoun[int(np.possessor)], np.id + 1);
                out.add("的", np.id + 1, false);
                break;
            case Det::Number:
                out.add(np.digits ? std::to_string(np.number) : number_zh(np.number), np.id + 2);
                classifier(n, np.id + 2, np.id);
                break;
            case Det::HowMany: out.add("幾", np.id + 1); classifier(n, np.id + 1, np.id); break;
            case Det::HowMuch: break;  // object(): 多少 錢
            case Det::Which:  // 哪 本 書, 哪些 鞋子
                if (np.plural) {
                    out.add("哪些", np.id + 1);
                } else {
                    out.add("哪", np.id + 1);
                    classifier(n, np.id + 1, np.id);
                }
                break;
            case Det::Owner:  // 安娜 的 狗, 我 的 爸爸 的 車
                noun_phrase(*np.owner);
                out.add("的", np.id + 6);
                break;
        }
        for (size_t k = 0; k < np.adjectives.size(); k++) {
            const ConceptId id = np.id + 8 + int(k);
            out.add(m_lex.adjectives[size_t(np.adjectives[k])].zh, id);
            out.add("的", id, false);
        }
        out.add(n.zh, np.id);
    }
};

} // namespace

AlignedText realize_chinese(const Lexicon & lex, const Sentence & s) {
    using Use = Sentence::PhraseUse;
    if (s.phrase_use == Use::Alone) return realize_phrases_alone(lex, s, "zh");
    Chinese zh(lex);
    if (s.phrase_use == Use::Before) {
        zh.out = realize_phrase(lex, s, "zh", true);
        zh.out.add_punct("，", s.phrase_id + 31);
    }
    const bool question = s.main.mood == Mood::YesNo || s.main.mood == Mood::Wh;
    if (s.link == Connective::None || !s.second) {
        zh.clause(s.main);
    } else {
        // when/if clauses go first in Chinese; because/although follow the English order.
        const bool sub_first = s.link == Connective::When || s.link == Connective::If ||
                               (s.subordinate_first && (s.link == Connective::Because || s.link == Connective::Although));
        auto subordinate = [&] {
            switch (s.link) {
                case Connective::Because: zh.out.add("因為", s.link_id); break;
                case Connective::Although: zh.out.add("雖然", s.link_id); break;
                case Connective::If: zh.out.add("如果", s.link_id); break;
                case Connective::When: zh.out.add("當", s.link_id); break;
                default: break;
            }
            zh.clause(*s.second);
            if (s.link == Connective::When) zh.out.add("的時候", s.link_id, false);
        };
        // Clause commas: the one after a fronted subordinate clause matches the English comma; the
        // others belong to the conjunction (possible links).
        if (s.link == Connective::And || s.link == Connective::But) {
            zh.clause(s.main);
            zh.out.add("，", s.link_id, false);
            zh.out.add(s.link == Connective::And ? "而且" : "但是", s.link_id);
            zh.clause(*s.second);
        } else if (sub_first) {
            subordinate();
            if (s.subordinate_first) zh.out.add_punct("，", s.link_id + 1);
            else zh.out.add("，", s.link_id, false);
            if (s.link == Connective::Although) zh.out.add("但是", s.link_id, false);
            zh.clause(s.main);
        } else {
            zh.clause(s.main);
            zh.out.add("，", s.link_id, false);
            subordinate();
        }
    }
    if (s.main.mood == Mood::YesNo) zh.out.add("嗎", s.main.id + 4);
    zh.out.add_punct(question ? "？" : "。", s.punct_id);
    if (s.phrase_use == Use::After) zh.out.append(realize_phrase(lex, s, "zh", false));
    return std::move(zh.out);
}

} // namespace attn::corpus
